/**
 * Is this answer a load balancer's own page rather than the service's? A service answers in JSON, errors too; when no
 * copy of it can be reached, a balancer between the BFF and the copies answers in its place (HAProxy's 503 "No server
 * is available" HTML, a 502 or 504 page). That is the same event as a refused connection to a lone service, and the
 * BFF's clients get the BFF's own error for it, never the balancer's page.
 *
 * Shared by http/ (the proxied answers) and identity/ (the identity client's calls), so it imports none of the rooms.
 */
export function isGatewayPage(status: number, contentType: string | null | undefined): boolean {
  return (status === 502 || status === 503 || status === 504) && !/\bjson\b/i.test(contentType ?? "");
}

/**
 * Connections the kernel completes for a listener before it accepts them (capped by `net.core.somaxconn`, 4096 on
 * current kernels and Kubernetes nodes). Node's default, 511, overflows when a burst connects while the event loop is
 * busy — a thousand clients at once, or the BFF's pool opening a connection to the API for each request of a burst —
 * and every connection the kernel drops there waits for its SYN to be sent again a second later: a second added to
 * its time to first byte (docs/performance.md, "A burst's dropped connections").
 */
export const LISTEN_BACKLOG = 4096;

// A signed-up browser-like session against the BFF for benchmark scripts: cookies kept, CSRF header sent.
export async function signedUpSession(base, emailPrefix) {
  const jar = new Map();
  const call = async (method, path, body) => {
    const headers = { "content-type": "application/json", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (jar.has("csrftoken")) headers["x-csrftoken"] = jar.get("csrftoken");
    const res = await fetch(base + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    for (const c of res.headers.getSetCookie()) jar.set(c.split("=")[0], c.split(";")[0].split("=").slice(1).join("="));
    return res;
  };
  await call("GET", "/get-csrf/");
  const email = `${emailPrefix}-${Date.now()}@genui.dev`;
  const password = "bench-password";
  const reg = await call("POST", "/accounts/api/v1/register/", { email, password });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status}`);
  const user = await reg.json();
  return { call, userId: user.id, email, password };
}

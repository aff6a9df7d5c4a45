import { startFakeGoogle } from "./fake-google";

// The local platform's Google stand-in (deploy/topology.json starts it; production never does).
const port = Number(process.env.HTTP_PORT ?? 8109);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Google stand-in: invalid HTTP_PORT ${process.env.HTTP_PORT}`);
  process.exit(1);
}
// PUBLIC_URL (optional): where a browser reaches the stand-in, when that is not http://127.0.0.1:<port>.
startFakeGoogle(port, "127.0.0.1", process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {})
  .then(({ userinfoUrl, tokeninfoUrl, certsUrl, gsiClientUrl, close }) => {
    console.warn(
      `Google stand-in: userinfo ${userinfoUrl}, tokeninfo ${tokeninfoUrl}, certs ${certsUrl}, sign-in script ${gsiClientUrl} (local platform only)`,
    );
    const stop = () => void close().then(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });

import { startFakeGoogle } from "./fake-google";

// The local platform's Google stand-in (deploy/local/topology.json starts it; production never does).
const port = Number(process.env.HTTP_PORT ?? 8109);
startFakeGoogle(port)
  .then(({ userinfoUrl, close }) => {
    console.warn(`Google userinfo stand-in at ${userinfoUrl} (local platform only)`);
    const stop = () => void close().then(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });

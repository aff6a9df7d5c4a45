import { startPaymentEmulator } from "./payment-emulator";

// The local platform's PayPal + Cashfree stand-in (integration tests and the local demo only; production never runs it).
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`payment emulator: ${name} is required`);
    process.exit(1);
  }
  return value;
}

if (process.env.NODE_ENV === "production") {
  console.error("payment emulator: refusing to run with NODE_ENV=production");
  process.exit(1);
}

const port = Number(process.env.HTTP_PORT ?? 8110);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`payment emulator: invalid HTTP_PORT ${process.env.HTTP_PORT}`);
  process.exit(1);
}

startPaymentEmulator({
  port,
  host: "127.0.0.1",
  paypal: { clientId: required("PAYPAL_CLIENT_ID"), clientSecret: required("PAYPAL_CLIENT_SECRET") },
  cashfree: { clientId: required("CASHFREE_CLIENT_ID"), clientSecret: required("CASHFREE_CLIENT_SECRET") },
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
})
  .then((emulator) => {
    console.warn(
      `payment emulator at ${emulator.url} (PayPal ${emulator.paypalBaseUrl}, Cashfree ${emulator.cashfreeBaseUrl}; local platform only)`,
    );
    const stop = () => void emulator.close().then(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });

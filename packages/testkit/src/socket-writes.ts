/**
 * How many writes a client hands its socket while `run` runs: every `write` of `client.stream` (an ioredis client's
 * socket, for one) is counted, then the socket's own `write` is put back. A write is one system call, which on
 * loopback also does the receiver's TCP work, so tests count them to show what shares one.
 */
export async function socketWritesDuring(client: unknown, run: () => Promise<unknown>): Promise<number> {
  const stream = (client as { stream: { write: (...a: unknown[]) => boolean } }).stream;
  const write = stream.write.bind(stream);
  let writes = 0;
  stream.write = (...a: unknown[]) => {
    writes++;
    return write(...a);
  };
  try {
    await run();
  } finally {
    stream.write = write;
  }
  return writes;
}

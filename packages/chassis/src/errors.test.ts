import path from "node:path";
import { isOutage } from "./errors";

/** The mongodb driver's own error classes (mongoose's copy, the one services use). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the driver mongoose loads
const driver = require(
  require.resolve("mongodb", { paths: [path.dirname(require.resolve("mongoose/package.json"))] }),
) as typeof import("mongodb");

describe("isOutage", () => {
  it("when the store's driver reports a closed connection, then it is an outage", () => {
    expect(isOutage(new driver.MongoNetworkError("connection 3 to 127.0.0.1:27017 closed"))).toBe(true);
  });

  it("when a connection closed during a bulk write (the driver wraps its error), then it is an outage", () => {
    const closed = new driver.MongoNetworkError("connection 3 to 127.0.0.1:27017 closed");
    const wrapped = new driver.MongoBulkWriteError(closed as never, {} as never);
    expect(wrapped.name).toBe("MongoBulkWriteError");
    expect(wrapped.writeErrors).toEqual([]);
    expect(isOutage(wrapped)).toBe(true);
  });

  it("when a bulk write was refused by the store (a duplicate key) or the code failed, then it is not an outage", () => {
    const refused = new driver.MongoBulkWriteError(
      { message: "E11000 duplicate key error", code: 11000, writeErrors: [] },
      {} as never,
    );
    expect(isOutage(refused)).toBe(false);
    expect(isOutage(new TypeError("x is undefined"))).toBe(false);
    expect(isOutage(new Error("wrapped", { cause: new driver.MongoNetworkError("closed") }))).toBe(true);
  });
});

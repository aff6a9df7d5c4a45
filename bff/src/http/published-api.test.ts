import { addressBucket } from "./published-api";

describe("the client address a published API limit counts against", () => {
  it("when the address is IPv4, plain or IPv4-mapped, then it is its own bucket", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("203.0.113.8")).not.toBe(addressBucket("203.0.113.7"));
  });

  it("when IPv6 addresses share their /64, then they share a bucket, however they are written", () => {
    const bucket = "2001:db8:1:2::/64";
    for (const a of ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::9", "2001:0DB8:0001:0002::", "2001:db8:1:2:ffff::1.2.3.4"])
      expect({ a, bucket: addressBucket(a) }).toEqual({ a, bucket });
    expect(addressBucket("2001:db8:1:3::9")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("when the address is unknown, then one shared bucket holds it", () => {
    expect(addressBucket(undefined)).toBe("unknown");
    expect(addressBucket("")).toBe("unknown");
  });
});

import { describe, expect, it } from "bun:test";
import type { NetworkInterfaceInfo } from "node:os";
import { listenAddresses } from "./listen-addresses";

function ipv4(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: "255.255.255.0", family: "IPv4", mac: "00:00:00:00:00:00", internal, cidr: null };
}

const ipv6: NetworkInterfaceInfo = {
  address: "fe80::1",
  netmask: "ffff:ffff:ffff:ffff::",
  family: "IPv6",
  mac: "00:00:00:00:00:00",
  internal: false,
  cidr: null,
  scopeid: 2,
};

const machine = { lo: [ipv4("127.0.0.1", true)], eth0: [ipv4("10.20.30.40"), ipv6] };

describe("the addresses printed at start", () => {
  it("offers localhost and the LAN address when listening on every interface", () => {
    expect(listenAddresses("0.0.0.0", 3000, machine)).toEqual(["http://localhost:3000", "http://10.20.30.40:3000"]);
  });

  it("offers only the address it listens on otherwise", () => {
    expect(listenAddresses("127.0.0.1", 8080, machine)).toEqual(["http://127.0.0.1:8080"]);
    expect(listenAddresses("::1", 8080, machine)).toEqual(["http://[::1]:8080"]);
  });
});

// Flags and environment become a config, or one sentence and exit 2.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.js";
import { consoleUrl } from "../src/console-url.js";

const token = "a-token-of-enough-length";

describe("parseConfig", () => {
  it("defaults to 127.0.0.1:4747 and leaves the roots to openShelf, as the CLI does", () => {
    const result = parseConfig([], { SKILLSHELF_DATA: "/srv/shelf" });
    expect(result).toEqual({
      ok: true,
      config: {
        host: "127.0.0.1",
        port: 4747,
        shelf: {
          workspace: undefined,
          data: undefined,
          store: undefined,
          trust: undefined,
          revoked: undefined,
          requireSigned: false,
        },
        token: undefined,
        allowedHosts: [],
      },
    });
  });

  it("reads every flag and the token", () => {
    const result = parseConfig(
      [
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--data",
        "/d",
        "--workspace",
        "/w",
        "--allowed-host",
        "skills.example.org",
        "--allowed-host",
        "[fd00::1]:8080",
      ],
      { SKILLSHELF_TOKEN: token },
    );
    expect(result).toEqual({
      ok: true,
      config: {
        host: "0.0.0.0",
        port: 0,
        shelf: {
          workspace: "/w",
          data: "/d",
          store: undefined,
          trust: undefined,
          revoked: undefined,
          requireSigned: false,
        },
        token,
        allowedHosts: ["skills.example.org", "[fd00::1]:8080"],
      },
    });
  });

  it.each([
    [["--port", "http"], {}, "--port must be a whole number between 0 and 65535"],
    [["--port", "70000"], {}, "--port must be a whole number between 0 and 65535"],
    [["--port", ""], {}, "--port must be a whole number between 0 and 65535"],
    [["--host", ""], {}, "--host must not be empty"],
    [["--host", "0.0.0.0"], {}, "a host other than loopback needs SKILLSHELF_TOKEN set"],
    [["--host", "192.168.1.4"], {}, "a host other than loopback needs SKILLSHELF_TOKEN set"],
    [[], { SKILLSHELF_TOKEN: "short" }, "SKILLSHELF_TOKEN must be at least 16 characters long"],
    [
      [],
      { SKILLSHELF_TOKEN: "has a space in it, long" },
      "SKILLSHELF_TOKEN must be printable ASCII",
    ],
    [["--allowed-host", "a b"], {}, "--allowed-host takes a host name or address"],
    [["--allowed-host", "evil/x"], {}, "--allowed-host takes a host name or address"],
    [["--bogus"], {}, "Unknown option '--bogus'"],
    [["extra"], {}, "Unexpected argument 'extra'"],
  ])("refuses %j with %j", (argv, env, start) => {
    const result = parseConfig(argv, env);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.message).toContain(start);
  });

  it("accepts a loopback host without a token", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "::1"]) {
      expect(parseConfig(["--host", host], {}).ok).toBe(true);
    }
  });

  it("answers -v and --version with the version", () => {
    expect(parseConfig(["--version"], {})).toEqual({ ok: "version" });
    expect(parseConfig(["-v"], {})).toEqual({ ok: "version" });
  });

  it("answers --help with the usage", () => {
    const result = parseConfig(["--help"], {});
    expect(result.ok).toBe("help");
    expect(result.ok === "help" && result.message).toContain("Usage: skillshelf-server");
  });
});

describe("consoleUrl", () => {
  it.each([
    ["127.0.0.1", "http://127.0.0.1:4747/"],
    ["0.0.0.0", "http://127.0.0.1:4747/"],
    ["::", "http://127.0.0.1:4747/"],
    ["::1", "http://[::1]:4747/"],
    ["shelf.internal", "http://shelf.internal:4747/"],
  ])("%s", (host, url) => {
    expect(consoleUrl(host, 4747)).toBe(url);
  });
});

describe("trust", () => {
  it("hands --trust, --revoked and --require-signed to openShelf, as the CLI does", () => {
    const result = parseConfig(
      ["--trust", "/etc/skillshelf/allowed_signers", "--revoked", "/r", "--require-signed"],
      {},
    );
    expect(result.ok === true && result.config.shelf).toMatchObject({
      trust: "/etc/skillshelf/allowed_signers",
      revoked: "/r",
      requireSigned: true,
    });
  });
});

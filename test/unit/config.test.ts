// docs/CONTRACT.md#configuration: names and defaults of the configuration.
import { describe, expect, it } from "vitest";
import { baseUrlWarning, ConfigError, readConfig } from "@/lib/config";

describe("configuration", () => {
  it("has the contract's defaults", () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOSTNAME: "0.0.0.0",
      BASE_URL: "http://localhost:3000",
      DATABASE_URL: "file:./data/beacon.db",
      STEAM_API_URL: "https://api.steampowered.com",
      WORKSHOP_APP_ID: 346110,
      CURSEFORGE_API_URL: "https://api.curseforge.com",
      CURSEFORGE_GAME_ID: 83374,
      CURSEFORGE_ALLOW_PRIVATE_HOSTS: false,
      PULL_INTERVAL_SECONDS: 86400,
      PULL_ALLOW_PRIVATE_HOSTS: false,
      MAX_BODY_BYTES: 16 * 1024 * 1024,
      SQLITE_SYNCHRONOUS: "FULL",
      BASE_CATALOGUE: true,
      CHANGES_RETENTION_DAYS: 90,
      DOCUMENT_REVISIONS_KEEP: 50,
      HEAP_MODE: "compact",
      provider: "sqlite",
    });
  });

  it("derives BASE_URL from PORT, strips trailing slashes and detects PostgreSQL", () => {
    expect(readConfig({ PORT: "8080" }).BASE_URL).toBe("http://localhost:8080");
    expect(readConfig({ BASE_URL: "https://beacon.example.com/" }).BASE_URL).toBe("https://beacon.example.com");
    expect(readConfig({ DATABASE_URL: "postgres://h/db" }).provider).toBe("postgresql");
    expect(readConfig({ PULL_ALLOW_PRIVATE_HOSTS: "true" }).PULL_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(readConfig({ SQLITE_SYNCHRONOUS: "normal" }).SQLITE_SYNCHRONOUS).toBe("NORMAL");
    expect(() => readConfig({ SQLITE_SYNCHRONOUS: "OFF" })).toThrow(ConfigError);
    expect(readConfig({ BASE_CATALOGUE: "false" }).BASE_CATALOGUE).toBe(false);
    expect(readConfig({ BASE_CATALOGUE: "0" }).BASE_CATALOGUE).toBe(false);
    expect(() => readConfig({ BASE_CATALOGUE: "no" })).toThrow(ConfigError);
    expect(readConfig({ CHANGES_RETENTION_DAYS: "7.5" }).CHANGES_RETENTION_DAYS).toBe(7.5);
    expect(() => readConfig({ CHANGES_RETENTION_DAYS: "0" })).toThrow(ConfigError);
    expect(readConfig({ DOCUMENT_REVISIONS_KEEP: "5" }).DOCUMENT_REVISIONS_KEEP).toBe(5);
    expect(() => readConfig({ DOCUMENT_REVISIONS_KEEP: "-1" })).toThrow(ConfigError);
    expect(() => readConfig({ DOCUMENT_REVISIONS_KEEP: "2.5" })).toThrow(ConfigError);
    expect(readConfig({ HEAP_MODE: "fast" }).HEAP_MODE).toBe("fast");
    expect(() => readConfig({ HEAP_MODE: "small" })).toThrow(ConfigError);
  });

  it("names every invalid variable", () => {
    expect(() => readConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    try {
      readConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (e) {
      expect((e as Error).message).toContain("PORT");
      expect((e as Error).message).toContain("DATABASE_URL");
    }
  });

  it("warns at start when BASE_URL is unset and the server listens beyond loopback", () => {
    const warn = (env: Record<string, string>) => baseUrlWarning(env, readConfig(env));
    expect(warn({})).toMatch(
      /^BASE_URL is not set, so signed requests must be signed for http:\/\/localhost:3000, while the server listens on 0\.0\.0\.0/,
    );
    expect(warn({ PORT: "4300", HOSTNAME: "192.0.2.7" })).toContain("http://localhost:4300");
    for (const HOSTNAME of ["127.0.0.1", "localhost", "::1"]) expect(warn({ HOSTNAME })).toBeUndefined();
    expect(warn({ BASE_URL: "https://beacon.example.com" })).toBeUndefined();
  });
});

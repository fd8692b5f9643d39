// Which failures mean "the database is unreachable" (503 + Retry-After) rather than a
// bug (500): the shapes seen when PostgreSQL was stopped under load
// (test/api/crash-safety.test.ts), and client-side errors that must not count.
import { describe, expect, it } from "vitest";
import { isConcurrencyFailure, isDatabaseUnavailable, isUniqueViolation } from "@/lib/db/errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises what a stopped PostgreSQL produced", () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("Client has encountered a connection error and is not queryable"), {
          clientVersion: "7.10.1",
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is shutting down", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(
      isDatabaseUnavailable({
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P03" } } },
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("x", { cause: withCode("y", "08006") }))).toBe(true);
  });

  it("does not take bugs or bad input for an outage", () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('invalid byte sequence for encoding "UTF8": 0x00', "22021"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("Unique constraint failed", "P2002"))).toBe(false);
    expect(isUniqueViolation(withCode("Unique constraint failed", "P2002"))).toBe(true);
  });
});

describe("isConcurrencyFailure", () => {
  it("recognises a deadlock or serialization failure, as the driver or Prisma reports it", () => {
    expect(isConcurrencyFailure(withCode("deadlock detected", "40P01"))).toBe(true);
    expect(
      isConcurrencyFailure({
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "40001" } } },
      }),
    ).toBe(true);
    expect(isConcurrencyFailure(withCode("Transaction failed due to a write conflict or a deadlock", "P2034"))).toBe(
      true,
    );
    expect(isConcurrencyFailure(withCode("Unique constraint failed", "P2002"))).toBe(false);
    expect(isConcurrencyFailure(new TypeError("x"))).toBe(false);
  });
});

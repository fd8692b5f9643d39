// The process's budget of request-body bytes held at once (lib/api/body-budget.ts): small
// bodies never wait, large ones wait their turn first come first served, and one that
// waits too long is a 503 with Retry-After.
import { describe, expect, it } from "vitest";
import { bodyBudget, SMALL_BODY_BYTES } from "@/lib/api/body-budget";
import { ApiError } from "@/lib/api/errors";

const MiB = 1024 * 1024;

describe("bodyBudget", () => {
  it("never counts a small body, even when the budget is full", async () => {
    const budget = bodyBudget(10 * MiB);
    const big = await budget.reserve(10 * MiB);
    const small = await budget.reserve(SMALL_BODY_BYTES);
    expect(budget.held()).toBe(10 * MiB);
    small();
    big();
    expect(budget.held()).toBe(0);
  });

  it("lets large bodies in while they fit, then one at a time in arrival order as room frees", async () => {
    const budget = bodyBudget(10 * MiB);
    const a = await budget.reserve(6 * MiB);
    const order: string[] = [];
    const b = budget.reserve(6 * MiB).then((release) => (order.push("b"), release));
    const c = budget.reserve(1 * MiB).then((release) => (order.push("c"), release));
    // Both wait (c would fit beside a, but b came first); neither was let in.
    expect(budget.waiting()).toBe(2);
    expect(budget.held()).toBe(6 * MiB);
    expect(order).toEqual([]);
    a();
    const releaseB = await b;
    const releaseC = await c;
    expect(order).toEqual(["b", "c"]);
    expect(budget.held()).toBe(7 * MiB);
    releaseB();
    releaseB();
    releaseC();
    expect(budget.held()).toBe(0);
  });

  it("lets one body larger than the whole budget through when nothing else is held", async () => {
    const budget = bodyBudget(1 * MiB);
    const release = await budget.reserve(16 * MiB);
    expect(budget.held()).toBe(16 * MiB);
    release();
  });

  it("refuses a body that waited too long with a 503 and Retry-After, and forgets it", async () => {
    const budget = bodyBudget(2 * MiB, 50);
    const held = await budget.reserve(2 * MiB);
    const err = await budget.reserve(2 * MiB).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).headers["retry-after"]).toBe("1");
    held();
    expect(budget.held()).toBe(0);
    const next = await budget.reserve(2 * MiB);
    expect(budget.held()).toBe(2 * MiB);
    next();
  });
});

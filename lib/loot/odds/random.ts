/**
 * A small seeded PRNG (sfc32, Chris Doty-Humphrey's "small fast counting" generator) so
 * simulated odds are the same on every run of a page or a test: Math.random cannot be seeded.
 */
export type Random = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of a fresh state are correlated with the seed: discard them.
  for (let i = 0; i < 12; i++) next();
  return next;
}

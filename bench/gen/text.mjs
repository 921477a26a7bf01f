// Deterministic text for benchmark inputs. A seeded generator draws words
// from a fixed vocabulary with a skewed (Zipf-like) frequency, so the output
// reads like prose, is valid UTF-8 with some multi-byte characters, and
// compresses about as well as real Markdown does: neither incompressible
// noise nor a run of one repeated byte.

/** Returns a seeded pseudo-random generator of floats in [0, 1) (mulberry32). */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mi", "ten", "ru", "sha", "vo", "pel", "din", "gra", "ux", "bel"];
const ACCENTED = [
  "café",
  "naïve",
  "Größe",
  "déjà",
  "señal",
  "日本語",
  "データ",
  "—",
  "λόγος",
  "🙂",
];

function buildVocabulary(random) {
  const words = [];
  for (let i = 0; i < 4000; i += 1) {
    const length = 1 + Math.floor(random() * 4);
    let word = "";
    for (let s = 0; s < length; s += 1) {
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    }
    words.push(word);
  }
  for (let i = 0; i < 400; i += 1) words.push(ACCENTED[i % ACCENTED.length]);
  return words;
}

/** Returns a function that writes about `bytes` bytes of Markdown-like text. */
export function createTextWriter(seed) {
  const random = createRandom(seed);
  const vocabulary = buildVocabulary(random);
  const pickWord = () => {
    const skew = random() ** 3;
    return vocabulary[Math.floor(skew * vocabulary.length)];
  };
  return (bytes) => {
    const lines = [];
    let size = 0;
    while (size < bytes) {
      const words = [];
      const count = 4 + Math.floor(random() * 14);
      for (let i = 0; i < count; i += 1) words.push(pickWord());
      const kind = random();
      const prefix = kind < 0.08 ? "## " : kind < 0.3 ? "- " : kind < 0.36 ? "    " : "";
      const line = `${prefix}${words.join(" ")}${kind > 0.36 ? "." : ""}`;
      lines.push(line);
      size += Buffer.byteLength(line) + 1;
    }
    return `${lines.join("\n")}\n`;
  };
}

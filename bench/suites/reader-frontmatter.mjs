// The reader and the findings over the worst frontmatter they still parse: a
// .tgz of 4 skills, each with 64,000 bytes of frontmatter in the shape that
// costs the YAML library most per byte (a flow sequence of commas, each an
// error), up to the 256 KiB of YAML one bundle may hold; against the same
// bundle with plain frontmatter of the same size (a long description, read
// without the YAML library). Both sides run readBundle and then findingsOf
// over every skill read, as an import does, so a second parse of the blocks
// (the findings once parsed each one again, 2.5 s beside the reader's 1.1 s)
// shows in the ratio. Every shape is bounded and linear; this row says what
// the worst one costs beside a plain read, so a change to the parse's
// constant shows.

import { gzipSync } from "node:zlib";
import { createTar } from "../gen/tar.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createReportRow, formatMs } from "../lib/report.mjs";

const SKILLS = 4;
const BLOCK_BYTES = 64_000;

/** A block of `bytes` bytes: the worst shape, or one plain description. */
function blockOf(name, worst) {
  const head = `name: ${name}\n`;
  if (!worst) return `${head}description: ${"d".repeat(BLOCK_BYTES - head.length - 13)}`;
  const open = "a: [";
  return `${head}${open}${",".repeat(BLOCK_BYTES - head.length - open.length - 1)}]`;
}

function bundleOf(worst) {
  const entries = [];
  for (let i = 0; i < SKILLS; i++) {
    const name = `s${String(i).padStart(2, "0")}`;
    const text = `---\n${blockOf(name, worst)}\n---\n# ${name}\n`;
    entries.push({ path: `bundle/${name}/SKILL.md`, type: "file", bytes: Buffer.from(text) });
  }
  return gzipSync(createTar(entries));
}

async function measureFrontmatter() {
  const loaded = await loadPackage("bundle-reader", ["readBundle", "findingsOf"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const { readBundle, findingsOf } = loaded.module;
  /** What an import does before the store: the read, then the findings of every skill read. */
  const readAndJudge = async (bytes) => {
    const result = await readBundle({ kind: "archive", bytes });
    const findings = result.ok ? result.skills.flatMap((skill) => findingsOf(skill)) : [];
    return { ...result, findings };
  };
  const worst = bundleOf(true);
  const plain = bundleOf(false);
  const warned = (code) => (result) => {
    expectSkills(result, SKILLS, "readBundle(frontmatter)");
    expectEqual(result.warnings[0]?.code, code, "first warning");
    expectEqual(result.findings.length, 0, "findings");
  };
  const figures = await compareContenders(
    [
      {
        name: "plain frontmatter",
        run: () => readAndJudge(plain),
        check: warned("field-too-long"),
      },
      {
        name: "worst frontmatter",
        run: () => readAndJudge(worst),
        check: warned("invalid-frontmatter"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(3) },
  );
  const subject = figures["worst frontmatter"].median;
  const baseline = figures["plain frontmatter"].median;
  const kib = (SKILLS * BLOCK_BYTES) / 1024;
  return [
    createReportRow({
      bench: "reader/frontmatter",
      measure: `readBundle + findingsOf(.tgz, ${SKILLS} skills × ${BLOCK_BYTES.toLocaleString("en-US")} bytes of worst-case frontmatter) / the same with plain frontmatter`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      note: `${kib.toFixed(0)} KiB of frontmatter: ${((subject * 1000) / (kib * 1024)).toFixed(2)} µs/byte worst`,
      figures,
    }),
  ];
}

export const readerFrontmatterBenchmarks = [
  {
    name: "reader/frontmatter",
    title:
      "worst-case frontmatter (the bundle's 256 KiB of YAML), read and its findings judged, vs plain frontmatter of the same size",
    run: measureFrontmatter,
  },
];

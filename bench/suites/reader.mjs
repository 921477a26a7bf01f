// The reader's benchmarks in the order they run.

import { readerArchiveBenchmarks } from "./reader-archive.mjs";
import { readerDeepBenchmarks } from "./reader-deep.mjs";
import { readerFindingsBenchmarks } from "./reader-findings.mjs";
import { readerFolderBenchmarks } from "./reader-folder.mjs";
import { readerFrontmatterBenchmarks } from "./reader-frontmatter.mjs";
import { readerZipBenchmarks } from "./reader-zip.mjs";

export const readerBenchmarks = [
  ...readerArchiveBenchmarks,
  ...readerFindingsBenchmarks,
  ...readerZipBenchmarks,
  ...readerFolderBenchmarks,
  ...readerDeepBenchmarks,
  ...readerFrontmatterBenchmarks,
];

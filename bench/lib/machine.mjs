// The machine line printed above every run and written beside the figures:
// a ratio means little without knowing what it ran on and how busy it was.

import { cpus, loadavg, totalmem } from "node:os";

/** Describes the machine: CPU model, cores, RAM, Node version, load. */
export function describeMachine() {
  const list = cpus();
  const model = list[0]?.model?.trim() || "unknown CPU";
  const ram = `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`;
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return {
    cpu: model,
    cores: list.length,
    ramGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: load,
    line: `${model}, ${list.length} cores, ${ram}, Node ${process.version} (${process.platform} ${process.arch}), load ${load}`,
  };
}

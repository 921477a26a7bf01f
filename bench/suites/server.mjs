// Server benchmarks: filled in once apps/server lands.
export const serverBenchmarks = [];

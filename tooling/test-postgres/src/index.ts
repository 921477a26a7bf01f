export { findBinaries, type PgBinaries } from "./binaries.js";
export { type Cluster, type ClusterOptions, startCluster } from "./cluster.js";

// CI entry point of the dependency drift check: prints every finding for
// every published package and exits 1 when anything drifted.
import { checkDependencies, describeDrift, isClean } from "../deps.js";
import { listPublishedPackages } from "../workspace.js";

let clean = true;
for (const pkg of listPublishedPackages()) {
  const drift = checkDependencies(pkg);
  for (const line of describeDrift(drift)) console.error(line);
  if (isClean(drift)) console.log(`${pkg.name}: dependencies match what it imports`);
  else clean = false;
}
process.exit(clean ? 0 : 1);

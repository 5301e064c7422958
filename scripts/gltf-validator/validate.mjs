// Runs Khronos' glTF validator on each file given and prints one JSON line per file:
// {"file", "errors", "warnings", "messages": [first errors]}. Exit 0 when it ran, whatever it found;
// the Rust test (tests/export_validator.rs) decides. Exit 2 on a missing file or a validator crash.
import { readFile } from "node:fs/promises";
import validator from "gltf-validator";

let failed = false;
for (const file of process.argv.slice(2)) {
  try {
    const bytes = new Uint8Array(await readFile(file));
    const report = await validator.validateBytes(bytes, { maxIssues: 200, uri: file });
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    console.log(JSON.stringify({
      file,
      errors: report.issues.numErrors,
      warnings: report.issues.numWarnings,
      messages: errors.slice(0, 20).map((m) => `${m.code} ${m.pointer ?? ""}: ${m.message}`),
      warningMessages: report.issues.messages.filter((m) => m.severity === 1).slice(0, 5).map((m) => `${m.code} ${m.pointer ?? ""}: ${m.message}`),
    }));
  } catch (e) {
    console.error(`${file}: ${e}`);
    failed = true;
  }
}
process.exit(failed ? 2 : 0);

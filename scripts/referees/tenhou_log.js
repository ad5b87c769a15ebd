// Converts Tenhou XML with kobalab's @kobalab/tenhou-log (lib/convlog.js, what its `tenhou-log` command runs
// on a downloaded log) and prints the paipu it makes, or the error it throws, one JSON line per game.
// Input (stdin): {"games": ["<mjloggm ...>", ...]}.
"use strict";
const path = require("path");
const convlog = require(path.join(process.env.REFEREE_NODE_MODULES, "@kobalab/tenhou-log/lib/convlog"));

let input = "";
process.stdin.setEncoding("utf8");  // a multi-byte character may straddle two chunks
process.stdin.on("data", d => input += d);
process.stdin.on("end", () => {
    for (const xml of JSON.parse(input).games) {
        let out;
        try { out = { paipu: convlog(xml, "paifu") } }
        catch (e) { out = { error: String(e && e.stack ? e.stack.split("\n").slice(0, 2).join(" ") : e) } }
        process.stdout.write(JSON.stringify(out) + "\n");
    }
});

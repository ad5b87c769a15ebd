// Replays 電脳麻将 paipu with kobalab's own engine (@kobalab/majiang-core's Majiang.Dev.Game, as that
// package's tests do) and says, per game, whether the engine's paipu equals ours and where it first differs.
// Input (stdin): {"rule": {...} | null, "games": [paipu, ...], "skip": ["point", ...]} (totals not compared). Output: one JSON line per game.
"use strict";
const path = require("path");
const Majiang = require(path.join(process.env.REFEREE_NODE_MODULES, "@kobalab/majiang-core/dev"));
const assert = require("assert");

// what our paipu leaves out (a value the source never stated) is not compared
function unstated(ours, theirs) {
    if (ours && theirs && ours.hule && theirs.hule) {
        const hule = Object.fromEntries(Object.entries(theirs.hule).filter(([k]) => k in ours.hule));
        return { hule };
    }
    return theirs;
}

function firstDiff(ours, theirs, skip) {
    const n = Math.max(ours.log.length, theirs.log.length);
    for (let h = 0; h < n; h++) {
        const a = ours.log[h] || [], b = theirs.log[h] || [];
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
            try { assert.deepStrictEqual(unstated(a[i], b[i]), a[i]) }
            catch (e) { return { where: `hand ${h} entry ${i}`, ours: a[i] ?? null, theirs: b[i] ?? null } }
        }
    }
    for (const key of ["defen", "rank", "point"].filter(k => !skip.includes(k) && k in ours)) {
        try { assert.deepStrictEqual(theirs[key], ours[key]) }
        catch (e) { return { where: key, ours: ours[key], theirs: theirs[key] } }
    }
    return null;
}

let input = "";
process.stdin.setEncoding("utf8");  // a multi-byte character may straddle two chunks
process.stdin.on("data", d => input += d);
process.stdin.on("end", () => {
    const { rule, games, skip } = JSON.parse(input);
    for (const paipu of games) {
        let out;
        try {
            const game = new Majiang.Dev.Game(JSON.parse(JSON.stringify(paipu)), Majiang.rule(rule || {}));
            game.do_sync();
            out = { diff: firstDiff(paipu, game._paipu, skip || []) };
        } catch (e) {
            out = { error: String(e && e.stack ? e.stack.split("\n").slice(0, 2).join(" ") : e) };
        }
        process.stdout.write(JSON.stringify(out) + "\n");
    }
});

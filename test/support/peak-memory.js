// The run's peak memory: Jest's own process and every process under it (its workers, the preview's
// Chromium, LibreOffice), sampled every 500 ms from /proc. Each process counts its proportional set
// size (PSS: a page shared by n processes counts 1/n to each), so Chromium's shared pages are not
// counted ten times; where PSS cannot be read, its resident set (RSS). Off Linux: this process alone.
const fs = require("fs");

const INTERVAL_MS = 500;

/** Pids of every process whose ancestry reaches `root`, root included. */
function descendants(root) {
  const parentOf = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name (in parentheses) may hold spaces: the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parentOf.set(Number(name), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parentOf)
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return tree;
}

/** A process's memory in bytes: PSS, or RSS, or 0 when it is gone. */
function memoryOf(pid) {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    if (pss) return Number(pss[1]) * 1024;
  } catch {
    // No smaps_rollup (old kernel, or gone): fall through to RSS.
  }
  try {
    const statm = fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ");
    return Number(statm[1]) * 4096;
  } catch {
    return 0;
  }
}

function sample() {
  if (process.platform !== "linux") return { bytes: process.memoryUsage().rss, processes: 1 };
  let bytes = 0;
  const tree = descendants(process.pid);
  for (const pid of tree) bytes += memoryOf(pid);
  return { bytes, processes: tree.size };
}

const gb = (bytes) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

/** Starts sampling; stop() ends it and describes the peak. */
function peakMemory() {
  let peak = { bytes: 0, processes: 0 };
  const take = () => {
    const now = sample();
    if (now.bytes > peak.bytes) peak = now;
  };
  take();
  const timer = setInterval(take, INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      const how = process.platform === "linux" ? "Jest and every process under it, PSS" : "this process, RSS";
      return `${gb(peak.bytes)} (${how}, sampled every ${INTERVAL_MS} ms; ${peak.processes} processes at the peak)`;
    },
  };
}

module.exports = { peakMemory };

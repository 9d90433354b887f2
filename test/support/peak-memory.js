// The run's peak memory: Jest's own process and every process under it (its workers, the preview's
// Chromium, LibreOffice), sampled every second from /proc, each by its resident set (RSS). Pages two
// processes share (Chromium's) count in each, so the figure is an upper bound. Cheap on purpose: it
// runs in Jest's main process beside the tests (PSS from smaps_rollup cost a tenth of a core).
// Off Linux: this process alone.
const fs = require("fs");

const INTERVAL_MS = 1000;
const PAGE_BYTES = 4096;

/** Pids of the processes `pid` started, from every thread's children list (Linux 3.5+). */
function childrenOf(pid) {
  const out = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
    if (text) for (const child of text.split(" ")) out.push(Number(child));
  }
  return out;
}

/** Pids of `root` and every process under it; a process that ends while we look is left out. */
function descendants(root) {
  const tree = new Set([root]);
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    let children = [];
    try {
      children = childrenOf(pid);
    } catch {
      // The process ended while we looked.
    }
    for (const child of children)
      if (!tree.has(child)) {
        tree.add(child);
        queue.push(child);
      }
  }
  return tree;
}

/** A process's resident set in bytes, or 0 when it is gone. */
function memoryOf(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE_BYTES;
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
      const how =
        process.platform === "linux" ? "Jest and every process under it, sum of RSS" : "this process, RSS";
      return `${gb(peak.bytes)} (${how}, sampled every ${INTERVAL_MS} ms; ${peak.processes} processes at the peak)`;
    },
  };
}

module.exports = { peakMemory };

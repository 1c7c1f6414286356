// CPU time of processes read from /proc, for the bench scripts: each side's own work, apart from the load
// generator's and from whatever else the machine runs meanwhile.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Milliseconds per clock tick of /proc's CPU counters. */
export const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim() || 100);

/** A process and all its descendants (a server's forked workers), from /proc. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [root];
  for (let i = 0; i < found.length; i++)
    for (const [pid, ppid] of parents) if (ppid === found[i]) found.push(pid);
  return found;
}

/** User + system clock ticks used so far by these processes. */
export function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** Busy clock ticks of the whole machine, all cores (to tell how much other work ran meanwhile). */
export function machineBusyTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

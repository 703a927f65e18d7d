/** A progress bar on stderr: redrawn in place on a terminal, a line per quarter otherwise (logs, CI). */
export interface Progress {
  start(label: string, total: number): void;
  tick(count?: number): void;
  done(summary: string): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let label = '';
  let total = 0;
  let current = 0;
  let lastQuarter = -1;
  let lastDraw = 0;
  const width = 30;

  const draw = () => {
    const ratio = total ? Math.min(1, current / total) : 1;
    if (stream.isTTY) {
      const now = Date.now();
      if (now - lastDraw < 80 && current < total) return;
      lastDraw = now;
      const filled = Math.round(ratio * width);
      stream.write(`\r  ${label.padEnd(22)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${current.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`);
    } else {
      const quarter = Math.floor(ratio * 4);
      if (quarter !== lastQuarter) {
        lastQuarter = quarter;
        stream.write(`  ${label}: ${Math.round(ratio * 100)}% (${current.toLocaleString('en-US')}/${total.toLocaleString('en-US')})\n`);
      }
    }
  };

  return {
    start(nextLabel, nextTotal) {
      label = nextLabel;
      total = nextTotal;
      current = 0;
      lastQuarter = -1;
      lastDraw = 0;
      draw();
    },
    tick(count = 1) {
      current += count;
      draw();
    },
    done(summary) {
      if (stream.isTTY) stream.write(`\r  ${label.padEnd(22)} ${summary}`.padEnd(width + 50) + '\n');
      else stream.write(`  ${label}: ${summary}\n`);
    },
  };
}

/** For tests and quiet runs. */
export const silentProgress: Progress = { start() {}, tick() {}, done() {} };

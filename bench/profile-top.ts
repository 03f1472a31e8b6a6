/**
 * node bin/run-ts.js bench/profile-top.ts FILE.cpuprofile [--top 30]
 *
 * Reads a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- --profile`) and prints the
 * functions with the most self time, and the most inclusive time, with their source location: a
 * flame graph's widest frames, as text.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: node bin/run-ts.js bench/profile-top.ts FILE.cpuprofile [--top N]\n');
  process.exit(2);
}
const top = Number(values.top);
// Piped into head: stop quietly when the reader goes away.
process.stdout.on('error', () => process.exit(0));
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

function label(frame: CallFrame): string {
  const where = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '~/')
    .replace(process.cwd() + '/', '');
  return `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const node = byId.get(id);
  if (!node) return;
  const key = label(node.callFrame);
  self.set(key, (self.get(key) ?? 0) + dt);
  // Inclusive: every distinct frame on the stack once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur);
    if (!frame) break;
    const k = label(frame.callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  }
});

function print(title: string, map: Map<string, number>): void {
  process.stdout.write(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(6)} %  ${key}\n`);
  }
}

/** Where a frame's code lives: an npm package, a source file of ours, Node's internals, or V8/native. */
function owner(frame: CallFrame): string {
  const url = frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return `package ${pkg[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return frame.functionName.startsWith('(') ? frame.functionName : `native ${frame.functionName}`;
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
}

const byOwner = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  if (!node) return;
  const key = owner(node.callFrame);
  byOwner.set(key, (byOwner.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

print('Self time by owner', byOwner);
print('Self time', self);
print('Inclusive time', inclusive);

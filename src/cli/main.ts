import fs from 'node:fs';

// package.json's engines (Node.js 24, the project's node_modules/.bin/node). Checked before any
// database opens: better-sqlite3's Node-API binary crashes a Node.js 20 outright (a segfault).
const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const nodeMajor = /\d+/.exec(pkg.engines.node)![0];
if (process.versions.node.split('.')[0] !== nodeMajor) {
  process.stderr.write(
    `onpay: needs Node.js ${nodeMajor}, this is ${process.version}; start it with node_modules/.bin/node (npm start does)\n`,
  );
  process.exit(1);
}

// Loaded only now: the program's modules use Node.js 24 APIs (node:crypto's argon2) that an older
// Node.js cannot even link, which would fail before the check above could say why.
const { processEnvironment } = await import('../config.js');
const { runCli } = await import('./program.js');
const status = await runCli(process.argv.slice(2), {
  env: processEnvironment(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
// A failed command exits at once. One that succeeded ends when its work is done: for `serve`, that
// is when the server exits after a signal (src/server.ts), so the process must not exit here.
if (status !== 0) process.exit(status);

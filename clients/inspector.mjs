// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.x) against `bin/reviewgate stdio`, legacy and modern era.
// Usage: node inspector.mjs LAUNCHER REPO   (run with Node >= 22.19; HOME should be a scratch directory)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const [launcher, repo] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
const diff = execFileSync('git', ['diff', 'HEAD~1', 'HEAD'], { cwd: repo }).toString();

function inspector(era, ...args) {
  const out = execFileSync(process.execPath, [cli, '--cli', '--format', 'json', '-q', '--protocol-era', era,
    // Every toolset: the checks call diff_parse, which the default selection leaves off.
    '-e', 'REVIEWGATE_TOOLSETS=all', '--cwd', repo, launcher, 'stdio', ...args], { cwd: repo, encoding: 'utf8', timeout: 120_000 });
  return JSON.parse(out);
}

let failed = false;
for (const era of ['legacy', 'modern']) {
  try {
    const list = inspector(era, '--method', 'tools/list').result;
    assert.ok(list.tools.some((t) => t.name === 'diff_parse'), 'tools/list has diff_parse');
    const call = inspector(era, '--method', 'tools/call', '--tool-name', 'diff_parse',
      '--tool-args-json', JSON.stringify({ diff, files_only: true })).result;
    assert.equal(call.isError, false, JSON.stringify(call));
    assert.ok(call.structuredContent.summary, 'structured result');
    // The server names itself in result _meta only in the stateless era: proof the modern era was spoken.
    const serverInfo = call._meta?.['io.modelcontextprotocol/serverInfo'];
    assert.equal(serverInfo?.name, era === 'modern' ? 'reviewgate' : undefined, 'era of the exchange');
    const templates = inspector(era, '--method', 'resources/templates/list').result;
    assert.ok(Array.isArray(templates.resourceTemplates));
    console.log(`ok   inspector ${era}`);
  } catch (e) {
    console.error(`FAIL inspector ${era}: ${e.stack || e}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

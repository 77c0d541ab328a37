// The TypeScript SDK 1.x client over stdio, asking git_diff and git_diff_stat over a large range with default
// arguments and with each budget option: every call must answer (a line over the SDK's 10 MiB would close the
// connection), and the connection must still serve afterwards. Prints each reply's size.
// Usage: node sdk-replies.mjs CLIENTS LAUNCHER CLONE [RANGE_BASE]
//   CLIENTS: a folder whose node_modules has @modelcontextprotocol/sdk (the repository's clients/ after npm ci)
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [clients, launcher, clone, base = 'HEAD~3000'] = process.argv.slice(2);
if (!clients || !launcher || !clone) {
  console.error('usage: node sdk-replies.mjs CLIENTS LAUNCHER CLONE [RANGE_BASE]');
  process.exit(2);
}
const sdk = (p) => import(pathToFileURL(path.join(clients, 'node_modules/@modelcontextprotocol/sdk/dist/esm', p)).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');

const client = new Client({ name: 'sdk-replies', version: '1' });
await client.connect(new StdioClientTransport({ command: launcher, args: ['stdio'], cwd: clone, stderr: 'ignore' }));
const range = { base, head: 'HEAD' };
const options = [{}, { token_budget: 2000 }, { token_budget: 20000 }, { max_bytes: 20000 }, { max_bytes: 500000 },
  { max_bytes: 2147483647 }, { top: 20 }];
let failed = 0;
for (const tool of ['git_diff', 'git_diff_stat']) {
  for (const extra of options) {
    const args = { ...range, ...extra };
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 600000 });
      const bytes = Buffer.byteLength(JSON.stringify(result));
      const cursor = result.structuredContent?.next_cursor ? 'next_cursor' : '';
      console.log(`ok   ${tool} ${JSON.stringify(extra)}: ${bytes} bytes${result.isError ? ' (isError: ' + result.content[0].text.slice(0, 120) + ')' : ''} ${cursor}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${tool} ${JSON.stringify(extra)}: ${e.message}`);
    }
  }
}
const { tools } = await client.listTools();
console.log(`${tools.length} tools listed after the calls: the connection is open`);
await client.close();
process.exit(failed ? 1 : 0);

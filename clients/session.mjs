// Scripted sessions of the official TypeScript MCP clients against `bin/reviewgate stdio`, in both protocol eras.
// Usage: node session.mjs LAUNCHER REPO   (REPO: a git repository with at least two commits; the server starts in it)
// Exits non-zero on the first failed assertion.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as Sdk1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [launcher, repo] = process.argv.slice(2);
if (!launcher || !repo) {
  console.error('usage: node session.mjs LAUNCHER REPO');
  process.exit(2);
}
const diff = execFileSync('git', ['diff', 'HEAD~1', 'HEAD'], { cwd: repo }).toString();
const server = { command: launcher, args: ['stdio', '--toolsets', 'all'], cwd: repo, stderr: 'ignore' };

function check(name, fn) {
  return fn().then(
    () => console.log(`ok   ${name}`),
    (e) => { console.error(`FAIL ${name}: ${e.stack || e}`); process.exitCode = 1; });
}

/** What every era must show: the catalog, a diff call with progress, errors as results, unknown tool as -32602. */
async function commonChecks(client, era) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  assert.ok(names.includes('diff_parse'), `tools/list has diff_parse (${names})`);
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object', `${tool.name} has an object input schema`);
  }

  const result = await client.callTool({ name: 'diff_parse', arguments: { diff } }, ...callOptions(era, {}));
  assert.equal(result.isError, false, JSON.stringify(result));
  assert.ok(result.structuredContent.summary, 'structuredContent has a summary');
  assert.ok(result.content[0].text.length > 0, 'text content');

  // Progress on a call that takes a while. The server writes "started" before it works; a call that ends within the
  // same pipe read would lose it in the client, whose notification handlers run a microtask after the response has
  // already removed the call's progress handler (seen with 2.x in legacy mode), so the call must outlast one read.
  const big = 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n'.repeat(40000);
  const progress = [];
  const parsed = await client.callTool({ name: 'diff_parse', arguments: { diff: big, files_only: true } },
    ...callOptions(era, { onprogress: (p) => progress.push(p) }));
  assert.equal(parsed.isError, false, JSON.stringify(parsed).slice(0, 500));
  assert.ok(progress.length >= 1, 'progress notifications for a call with a progress token');

  const invalid = await client.callTool({ name: 'diff_parse', arguments: { diff: 5 } }, ...callOptions(era, {}));
  assert.equal(invalid.isError, true, 'schema violation is an isError result');
  assert.match(invalid.content[0].text, /INVALID_ARGUMENTS/);

  await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }, ...callOptions(era, {})),
    (e) => e.code === -32602 || /no_such_tool/.test(String(e.message)), 'unknown tool is a JSON-RPC error');

  // Cancellation: abort a call in flight, then the connection keeps serving.
  const controller = new AbortController();
  const pending = client.callTool({ name: 'diff_parse', arguments: { diff: big } }, ...callOptions(era, { signal: controller.signal }));
  setTimeout(() => controller.abort('test'), 5);
  await assert.rejects(pending);
  const again = await client.callTool({ name: 'diff_parse', arguments: { diff, files_only: true } }, ...callOptions(era, {}));
  assert.equal(again.isError, false, 'serves after a cancellation');

  const { resourceTemplates } = await client.listResourceTemplates();
  const { prompts } = await client.listPrompts();
  if (names.includes('git_diff')) {
    assert.ok(resourceTemplates.some((t) => t.uriTemplate === 'git://{repo}/diff/{base}..{head}'));
    assert.ok(prompts.some((p) => p.name === 'review_range'));
  }
  return names;
}

// SDK 1.x takes (params, resultSchema, options); 2.x takes (params, options).
function callOptions(era, options) {
  return era === 'sdk1' ? [undefined, options] : [options];
}

async function gitChecks(client, names, era) {
  if (!names.includes('git_diff')) {
    console.log(`skip git resources/prompts/completion (${era}): git tools not in this build`);
    return;
  }
  const repos = await client.callTool({ name: 'git_repos', arguments: {} }, ...callOptions(era, {}));
  assert.equal(repos.isError, false, JSON.stringify(repos));
  const repoName = repos.structuredContent.repos[0].name;
  const uri = `git://${repoName}/diff/HEAD~1..HEAD`;
  const read = await client.readResource({ uri });
  assert.match(read.contents[0].text, /reviewgate/, 'the diff resource has the change');
  const prompt = await client.getPrompt({ name: 'review_range', arguments: { repo: repoName, base: 'HEAD~1', head: 'HEAD' } });
  assert.equal(prompt.messages[1].content.type, 'resource');
  const completion = await client.complete({ ref: { type: 'ref/prompt', name: 'review_range' }, argument: { name: 'repo', value: '' } });
  assert.ok(completion.completion.values.includes(repoName), `completion offers ${repoName}`);
}

await check('@modelcontextprotocol/sdk 1.x, session era (initialize)', async () => {
  const client = new Sdk1Client({ name: 'reviewgate-ci-sdk1', version: '1.0.0' });
  await client.connect(new Sdk1Stdio(server));
  try {
    assert.equal(client.getServerVersion().name, 'reviewgate');
    assert.deepEqual(await client.ping(), {});
    await client.setLoggingLevel('warning');
    const names = await commonChecks(client, 'sdk1');
    await gitChecks(client, names, 'sdk1');
  } finally {
    await client.close();
  }
});

for (const [label, negotiation, era] of [
  ['@modelcontextprotocol/client 2.x, pinned 2026-07-28 (stateless)', { mode: { pin: '2026-07-28' } }, 'modern'],
  ['@modelcontextprotocol/client 2.x, auto negotiation', { mode: 'auto' }, 'modern'],
  ['@modelcontextprotocol/client 2.x, legacy mode', { mode: 'legacy' }, 'legacy'],
]) {
  await check(label, async () => {
    const client = new Client({ name: 'reviewgate-ci-client2', version: '1.0.0' }, { versionNegotiation: negotiation });
    await client.connect(new StdioClientTransport(server));
    try {
      assert.equal(client.getServerVersion().name, 'reviewgate');
      if (era === 'modern') {
        assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
        const discovered = await client.discover();
        assert.ok(discovered.supportedVersions.includes('2026-07-28'));
        assert.ok(discovered.supportedVersions.includes('2025-11-25'));
      } else {
        assert.equal(client.getNegotiatedProtocolVersion(), '2025-11-25');
        assert.deepEqual(await client.ping(), {});
      }
      const names = await commonChecks(client, 'client2');
      await gitChecks(client, names, 'client2');
    } finally {
      await client.close();
    }
  });
}

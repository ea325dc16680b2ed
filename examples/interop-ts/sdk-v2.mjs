// The TypeScript SDK 2.x client (@modelcontextprotocol/client). Pinned to 2026-07-28 (stateless:
// `server/discover`, no session; a confirmation comes as an `input_required` result that the
// client fulfils through its elicitation handler and retries). With --legacy, the 2.x client's
// default: `initialize` and a session (2025-11-25). Usage: see common.mjs.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { TOOL, answerFor, parseArgs, print, run } from './common.mjs';

run(async () => {
  const legacyAt = process.argv.indexOf('--legacy');
  const legacy = legacyAt >= 0;
  if (legacy) process.argv.splice(legacyAt, 1);
  const args = parseArgs(process.argv);
  const asks = args.step === 'accept' || args.step === 'decline';
  const client = new Client(
    { name: 'jaxrs-mcp-interop-ts-v2', version: '1' },
    {
      capabilities: asks ? { elicitation: {} } : {},
      versionNegotiation: { mode: legacy ? 'legacy' : { pin: '2026-07-28' } }
    }
  );
  const asked = [];
  if (asks) {
    client.setRequestHandler('elicitation/create', async request => {
      asked.push(request.params);
      return answerFor(args.step);
    });
  }
  const transport = new StreamableHTTPClientTransport(args.url, { requestInit: { headers: args.headers } });
  await client.connect(transport);
  const out = {
    client: 'sdk-v2',
    era: client.getProtocolEra(),
    protocolVersion: transport.protocolVersion,
    step: args.step
  };
  try {
    const { tools } = await client.listTools();
    if (args.step === 'list') {
      out.tools = tools;
    } else {
      out.tool = tools.find(tool => tool.name === TOOL);
      out.result = await client.callTool({ name: TOOL, arguments: args.arguments });
      if (asks) out.asked = asked;
    }
  } finally {
    if (legacy) await transport.terminateSession().catch(() => {});
    await client.close();
  }
  print(out);
});

// The TypeScript SDK 1.x (@modelcontextprotocol/sdk) over Streamable HTTP: protocol 2025-11-25,
// `initialize` and a session. Usage: see common.mjs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOL, answerFor, parseArgs, print, run } from './common.mjs';

run(async () => {
  const args = parseArgs(process.argv);
  const asks = args.step === 'accept' || args.step === 'decline';
  const client = new Client(
    { name: 'jaxrs-mcp-interop-ts-v1', version: '1' },
    { capabilities: asks ? { elicitation: {} } : {} }
  );
  const asked = [];
  if (asks) {
    client.setRequestHandler(ElicitRequestSchema, async request => {
      asked.push(request.params);
      return answerFor(args.step);
    });
  }
  const transport = new StreamableHTTPClientTransport(args.url, { requestInit: { headers: args.headers } });
  await client.connect(transport);
  const out = { client: 'sdk-v1', protocolVersion: transport.protocolVersion, step: args.step };
  try {
    // callTool validates structuredContent against the outputSchema of the listed tool
    const { tools } = await client.listTools();
    if (args.step === 'list') {
      out.tools = tools;
    } else {
      out.tool = tools.find(tool => tool.name === TOOL);
      out.result = await client.callTool({ name: TOOL, arguments: args.arguments });
      if (asks) out.asked = asked;
    }
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
  print(out);
});

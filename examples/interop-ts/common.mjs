// What the client scripts share: reading the command line and printing one JSON document.
//
//   node <script>.mjs <mcp-url> <step> [id celsius] [--token T]
//
// step: list            tools/list
//       call            tools/call set_target_temperature {id, body: {celsius}}, from a client
//                       that declares no elicitation capability (the demo's tool then runs unasked)
//       accept|decline  the same call from a client that declares elicitation and answers the
//                       confirmation question with that action
//
// Prints one JSON object on stdout: {client, protocolVersion, step} and `tools` (list), or `tool`
// (the write tool as listed), `result` and, for accept and decline, `asked` (the questions the
// client was asked); exits non-zero (the error on stderr) when anything fails.

export const TOOL = 'set_target_temperature';

export function parseArgs(argv) {
  const args = argv.slice(2);
  const tokenAt = args.indexOf('--token');
  let token;
  if (tokenAt >= 0) {
    token = args[tokenAt + 1];
    args.splice(tokenAt, 2);
  }
  const [url, step, id, celsius] = args;
  const steps = ['list', 'call', 'accept', 'decline'];
  if (!url || !steps.includes(step) || (step !== 'list' && (id === undefined || celsius === undefined))) {
    throw new Error(
      `usage: node <script>.mjs <mcp-url> list|call|accept|decline [id celsius] [--token T] (found: ${args.join(' ')})`
    );
  }
  return {
    url: new URL(url),
    step,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    arguments: step === 'list' ? undefined : { id: Number(id), body: { celsius: Number(celsius) } }
  };
}

/** The elicitation answer for a step: accept with an empty form, or decline. */
export function answerFor(step) {
  return step === 'accept' ? { action: 'accept', content: {} } : { action: 'decline' };
}

export function print(document) {
  process.stdout.write(JSON.stringify(document, null, 2) + '\n');
}

/** Runs main, printing an error's message (and cause) on stderr with exit code 1. */
export function run(main) {
  main().then(
    () => process.exit(0),
    error => {
      process.stderr.write(`${error?.stack ?? error}\n`);
      if (error?.cause) process.stderr.write(`cause: ${error.cause?.stack ?? error.cause}\n`);
      process.exit(1);
    }
  );
}

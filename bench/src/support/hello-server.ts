/** The baseline: bare Express answering a tiny JSON document, on the port given as argv[2]. */
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : ''}\n`);
});

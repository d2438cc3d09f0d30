/**
 * `npm run openapi -- [file]`: the OpenAPI document of the reference server (the one it serves
 * at /v1/openapi.json, generated from src/contract), written to `file` or printed, without
 * starting a server. The page size is the server's default unless PAGE_SIZE says otherwise.
 */
import { writeFileSync } from 'node:fs';
import { BODY_LIMIT } from '../server/app';
import { readConfig } from '../server/config';
import { openApiDocument } from '../server/openapi';

const { pageSize } = readConfig({ PAGE_SIZE: process.env.PAGE_SIZE });
const text = `${JSON.stringify(openApiDocument({ pageSize, bodyLimit: BODY_LIMIT }), null, 2)}\n`;
const file = process.argv[2];
if (file) {
  writeFileSync(file, text);
  console.log(`openapi: ${file}`);
} else {
  process.stdout.write(text);
}

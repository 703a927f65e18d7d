// The SIMD kernel's bytes from its text: `npm run build:kernel -w apps/server` writes dots-wasm.ts
// from dots.wat with wabt's wat2wasm (a development tool only: the server loads the committed bytes).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** dots.wat assembled and validated, as base64. */
export async function assembleDots(): Promise<string> {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat('dots.wat', readFileSync(here('./dots.wat'), 'utf8'), { simd: true });
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({}).buffer).toString('base64');
  } finally {
    parsed.destroy();
  }
}

if (process.argv.includes('--write')) {
  const base64 = await assembleDots();
  writeFileSync(
    here('./dots-wasm.ts'),
    `// Generated from dots.wat by \`npm run build:kernel -w apps/server\`; do not edit (kernel.test.ts checks it).\nexport const DOTS_WASM_BASE64 = '${base64}';\n`,
  );
  console.log(`dots-wasm.ts: ${Buffer.from(base64, 'base64').length} bytes`);
}

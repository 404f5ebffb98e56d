import { chromium } from 'playwright-core';
import { measureFirstLoad } from './test/e2e/first-load';
const [, , ...origins] = process.argv;
const ROUTES = ['/intro/core-concepts/infrastructure-as-code', '/reference/modules/terraform-aws-vpc/vpc-app/', '/discussions/knowledge-base/3', '/'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
for (let run = 0; run < 2; run++)
for (const origin of origins) {
  for (const route of ROUTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const load = await measureFirstLoad(page, `${origin}${route}`);
    console.log(run, origin, route, 'js gzip', load.js.gzip, 'files', load.js.files, 'css gzip', load.css.gzip, 'html', load.html.gzip);
    await context.close();
  }
}
await browser.close();

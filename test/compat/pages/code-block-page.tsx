/**
 * A React page of the compatibility fixture: the CodeBlock component with string children known
 * only when the page renders, outside any Markdown.
 */
import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import CodeBlock from '@theme/CodeBlock';

const moduleName = 'vpc';

export default function CodeBlockPage(): ReactNode {
  return (
    <Layout title="Outputs of another module" description="Reading another root module's outputs from its state.">
      <main className="container margin-vert--lg">
        <h1>Outputs of another module</h1>
        <p>A root module can read the outputs of another one from its state.</p>
        <CodeBlock language="hcl" title={`${moduleName}.tf`} showLineNumbers>
          {`data "terraform_remote_state" "${moduleName}" {
  backend = "s3"
  config = {
    bucket = "acme-terraform-state-prod"
    key    = "networking/${moduleName}/terraform.tfstate"
    region = "us-east-1"
  }
}`}
        </CodeBlock>
      </main>
    </Layout>
  );
}

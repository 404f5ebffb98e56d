import { ROUTES } from '../../lib/routes';

/** One card on the home page: where it leads and what a reader finds there. */
export interface HomeSection {
  /** Card heading. */
  title: string;
  /** One or two sentences about the area. */
  body: string;
  /** Internal path of the area's landing page. */
  to: string;
  /** Link text. */
  cta: string;
}

/** The areas of the site, in the order a new reader would want them. */
export const HOME_SECTIONS: readonly HomeSection[] = [
  {
    title: 'Introduction',
    body: 'What the library is, how subscribers use it, and the tools you need before your first deployment.',
    to: ROUTES.intro,
    cta: 'Read the introduction',
  },
  {
    title: 'Guides',
    body: 'Step-by-step guides for VPCs, landing zones, EKS, CI/CD and compliance, plus upgrade guides for Terraform and the AWS provider.',
    to: ROUTES.guides,
    cta: 'Browse the guides',
  },
  {
    title: 'Module reference',
    body: 'Inputs, outputs and usage for every Terraform module in the Infrastructure as Code Library.',
    to: `${ROUTES.modules}intro`,
    cta: 'Look up a module',
  },
  {
    title: 'Service catalog',
    body: 'Production-ready services that combine modules, with Terragrunt and Terraform examples for deploying them.',
    to: `${ROUTES.services}intro/overview`,
    cta: 'Explore the services',
  },
  {
    title: 'FAQ',
    body: 'Short answers to the questions engineers ask most about Terragrunt, Terratest, EKS, pipelines and the Reference Architecture.',
    to: ROUTES.faq,
    cta: 'Read the FAQ',
  },
  {
    title: 'Tools and courses',
    body: 'The open-source tools around the library, and courses for learning Terraform, Terragrunt, Packer and Kubernetes.',
    to: '/tools',
    cta: 'See the tools',
  },
];

/** Sample pages per page type: page weight and Lighthouse use the same five. */
export const SAMPLE_PAGES = {
  'doc page': '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  'module page': '/reference/modules/terraform-aws-vpc/vpc-app/',
  'knowledge-base article': '/discussions/knowledge-base/10',
  'home page': '/',
  'search page': '/search',
};

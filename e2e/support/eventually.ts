/** Polls until a value is accepted (the tests' one helper, from @genui/testkit). */
export { eventually } from "@genui/testkit";

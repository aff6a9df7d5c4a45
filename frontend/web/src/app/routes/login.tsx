import { Container } from "../../components/ui/layout";

export default function Page() {
  return <Container><h1>login</h1></Container>;
}

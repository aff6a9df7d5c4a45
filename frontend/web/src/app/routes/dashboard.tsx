import { Container } from "../../components/ui/layout";

export default function Page() {
  return <Container><h1>dashboard</h1></Container>;
}

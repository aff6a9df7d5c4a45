import { Container } from "../../components/ui/layout";

export default function Page() {
  return <Container><h1>pricing</h1></Container>;
}

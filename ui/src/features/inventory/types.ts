export interface Course {
  id: number;
  nome: string;
}

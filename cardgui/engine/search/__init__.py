"""What the solvers and advisors share: verdicts, results and budgets."""

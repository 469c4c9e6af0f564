from src import tide

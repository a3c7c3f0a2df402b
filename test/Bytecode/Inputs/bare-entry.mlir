cuda_tile.entry @orphan() {
  cuda_tile.return
}

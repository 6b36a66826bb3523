module github.com/hupai/hupai-go

go 1.19
